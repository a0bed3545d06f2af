package almacen_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"

	"github.com/juegodepalabras/palabras/app/internal/almacen"
	"github.com/juegodepalabras/palabras/app/internal/almacen/sqlite"
	"github.com/juegodepalabras/palabras/app/internal/clasificacion"
	"github.com/juegodepalabras/palabras/bot"
	"github.com/juegodepalabras/palabras/juego"
)

// Una partida entre dos bots guardada jugada a jugada, interrumpida y
// reanudada desde el archivo exactamente donde quedó.
func Example() {
	dir, _ := os.MkdirTemp("", "palabras")
	defer os.RemoveAll(dir)
	ctx := context.Background()
	ruta := filepath.Join(dir, "palabras.db")

	a, _ := sqlite.Abrir(ruta, sqlite.Opciones{})
	cat := almacen.NuevoCatalogo(a, almacen.BaseEspanol())
	cat.Crear(ctx, "fise", "es-clasica")
	ana, _ := a.CrearJugador(ctx, "ana", "es")
	beto, _ := a.CrearJugador(ctx, "beto", "es")
	m, _ := almacen.Empezar(ctx, a, cat, almacen.NuevaPartida{Diccionario: "fise", Semilla: 3,
		Asientos: []almacen.Asiento{{Jugador: ana.ID, Nivel: "avanzado"}, {Jugador: beto.ID, Nivel: "avanzado"}}})
	g, _ := cat.Generador(m.Juego().Variante())
	b, _ := bot.Nuevo(bot.Avanzado, g)
	for range 4 {
		d, _ := b.Elegir(context.Background(), m.Juego())
		m.Ubicar(ctx, d.Jugada)
	}
	antes := m.Juego().Posicion()
	a.Close()

	// Otro proceso, más tarde.
	a, _ = sqlite.Abrir(ruta, sqlite.Opciones{})
	defer a.Close()
	cat = almacen.NuevoCatalogo(a, almacen.BaseEspanol())
	r, err := almacen.Reanudar(ctx, a, cat, m.ID())
	if err != nil {
		fmt.Println(err)
		return
	}
	despues := r.Juego().Posicion()
	fmt.Println("movimientos:", r.Movimientos(), "turno:", r.Turno())
	fmt.Println("misma posición:", fmt.Sprint(antes) == fmt.Sprint(despues))
	for {
		if _, fin := r.Terminada(); fin {
			break
		}
		j := r.Juego()
		d, _ := b.Elegir(context.Background(), j)
		switch {
		case !d.Jugada.Vacia():
			r.Ubicar(ctx, d.Jugada)
		case !d.Cambiadas.Vacio():
			r.Cambiar(ctx, d.Cambiadas)
		default:
			r.Pasar(ctx)
		}
	}
	filas, _ := a.Clasificacion(ctx, clasificacion.PorRating, 0)
	fmt.Println("en la clasificación:", len(filas))
	_, err = a.Partida(ctx, 999)
	fmt.Println(err)
	// Output:
	// movimientos: 4 turno: 0
	// misma posición: true
	// en la clasificación: 2
	// almacen: no existe esa partida: 999
}

// espia es un repositorio de partidas que dice lo que le cuenta una Mesa
// (almacen.Conocedor).
type espia struct{ *sqlite.Almacen }

func (e espia) Conocidos(id int64, desde int, ms []almacen.Movimiento) {
	fmt.Printf("conocidos: desde el movimiento %d, %d (%v)\n", desde, len(ms), ms[0].Tipo == juego.SucesoPase)
}

// Dos Mesas de la misma partida, como en dos procesos: la segunda repite
// el pase que guardó la primera, que le llega con su anuncio
// (Mesa.SeguirCon), sin leer el repositorio, y se lo cuenta a este si es
// un Conocedor (el almacén PostgreSQL guarda así la jugada siguiente en
// una sola sentencia).
func ExampleConocedor() {
	dir, _ := os.MkdirTemp("", "palabras")
	defer os.RemoveAll(dir)
	ctx := context.Background()
	a, _ := sqlite.Abrir(filepath.Join(dir, "palabras.db"), sqlite.Opciones{})
	defer a.Close()
	cat := almacen.NuevoCatalogo(a, almacen.BaseEspanol())
	cat.Crear(ctx, "fise", "es-clasica")
	ana, _ := a.CrearJugador(ctx, "ana", "es")
	beto, _ := a.CrearJugador(ctx, "beto", "es")
	m1, _ := almacen.Empezar(ctx, a, cat, almacen.NuevaPartida{Diccionario: "fise", Semilla: 3,
		Asientos: []almacen.Asiento{{Jugador: ana.ID}, {Jugador: beto.ID}}})
	m2, _ := almacen.Reanudar(ctx, espia{a}, cat, m1.ID())
	m1.Pasar(ctx)
	anuncio := almacen.CodificarMovimientos([]almacen.Movimiento{{Tipo: juego.SucesoPase}})
	movs, _ := almacen.DecodificarMovimientos(anuncio)
	_, ok := m2.SeguirCon(0, movs)
	fmt.Println("al día:", ok, m2.Movimientos())
	fmt.Println("guarda la siguiente:", m2.Pasar(ctx) == nil)
	// Output:
	// conocidos: desde el movimiento 0, 1 (true)
	// al día: true 1
	// guarda la siguiente: true
}
