package contrato

import (
	"context"
	"fmt"
	"sync"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/juegodepalabras/palabras/app/internal/almacen"
	"github.com/juegodepalabras/palabras/app/internal/clasificacion"
	"github.com/juegodepalabras/palabras/bot"
	"github.com/juegodepalabras/palabras/juego"
	"github.com/juegodepalabras/palabras/letra"
)

var pruebasDiccionarios = []prueba{
	{"Versiones", diccionariosVersiones},
	{"Cambios", diccionariosCambios},
}

var pruebasClasificaciones = []prueba{
	{"Concurrencia", clasificacionConcurrencia},
	{"Criterios", clasificacionCriterios},
}

// Un diccionario crece de versión con cada cambio que cambia algo; una
// partida recuerda la versión y se reanuda con ella; un diccionario en uso
// no se borra.
func diccionariosVersiones(t *testing.T, nueva Nueva) {
	ctx := context.Background()
	a, c, _ := abrir(t, nueva)
	_, err := c.Crear(ctx, "fise", "es-clasica")
	require.ErrorIs(t, err, almacen.ErrNombreRepetido)
	_, err = c.Crear(ctx, "FISE", "es-clasica")
	require.ErrorIs(t, err, almacen.ErrNombreRepetido, "sin distinguir mayúsculas")
	_, err = c.Crear(ctx, "otro", "klingon")
	require.ErrorIs(t, err, almacen.ErrBaseDesconocida)
	_, err = a.CrearDiccionario(ctx, almacen.Diccionario{Nombre: "", Base: "es-clasica"})
	require.ErrorIs(t, err, almacen.ErrNombreInvalido)
	_, err = c.Agregar(ctx, "fise", "palabra", "zzqx9")
	require.ErrorIs(t, err, almacen.ErrPalabraInvalida)
	var lerr *letra.ErrorCaracter
	require.ErrorAs(t, err, &lerr)
	d, _ := a.Diccionario(ctx, "fise")
	require.Equal(t, 1, d.Version, "una palabra inválida no cambia nada")
	_, err = c.Agregar(ctx, "nada", "hola")
	require.ErrorIs(t, err, almacen.ErrDiccionarioInexistente)

	alf := letra.EspanolConDigrafos()
	pal := func(s string) []letra.Letra { l, err := alf.Parsear(s); require.NoError(t, err); return l }
	d, err = c.Agregar(ctx, "fise", "zzqx")
	require.NoError(t, err)
	require.Equal(t, 2, d.Version)
	require.Equal(t, 1, d.Agregadas)
	if testing.Short() {
		return // reconstruir el DAWG del español lleva segundos
	}
	v2, err := c.Variante(ctx, "fise", 2)
	require.NoError(t, err)
	require.True(t, v2.PalabraLegitima(pal("zzqx")))
	d, err = c.Quitar(ctx, "fise", "casa")
	require.NoError(t, err)
	require.Equal(t, 3, d.Version)
	v3, err := c.Variante(ctx, "fise", 3)
	require.NoError(t, err)
	require.False(t, v3.PalabraLegitima(pal("casa")))
	require.True(t, v3.PalabraLegitima(pal("zzqx")))
	v1, err := c.Variante(ctx, "fise", 1)
	require.NoError(t, err)
	require.True(t, v1.PalabraLegitima(pal("casa")))
	require.False(t, v1.PalabraLegitima(pal("zzqx")))

	// Una partida recuerda la versión y se reanuda con ella.
	ana, _ := a.CrearJugador(ctx, "ana", "es")
	m, err := almacen.Empezar(ctx, a, c, almacen.NuevaPartida{Diccionario: "fise", Asientos: []almacen.Asiento{{Jugador: ana.ID}}})
	require.NoError(t, err)
	require.Equal(t, 3, m.Partida().Version)
	require.ErrorIs(t, a.BorrarDiccionario(ctx, "fise"), almacen.ErrDiccionarioEnUso)
	_, err = c.Agregar(ctx, "fise", "casa")
	require.NoError(t, err)
	r, err := almacen.Reanudar(ctx, a, c, m.ID())
	require.NoError(t, err)
	require.False(t, r.Juego().Variante().PalabraLegitima(pal("casa")))
}

// Los cambios de palabras, por el repositorio: las versiones, los
// contadores, los cambios hasta una versión, en orden; cambios que no
// cambian nada no hacen versión; dos cambios a la vez hacen dos versiones.
func diccionariosCambios(t *testing.T, nueva Nueva) {
	ctx := context.Background()
	a, _, _ := abrir(t, nueva)
	d, err := a.CrearDiccionario(ctx, almacen.Diccionario{Nombre: "Mío", Idioma: "es", Base: "es-clasica"})
	require.NoError(t, err)
	require.Equal(t, 1, d.Version)
	d, err = a.CambiarPalabras(ctx, "mío", []string{"ZZZ", "AAA"}, []string{"CASA"})
	require.NoError(t, err)
	require.Equal(t, almacen.Diccionario{Nombre: "Mío", Idioma: "es", Base: "es-clasica", Version: 2, Agregadas: 2, Quitadas: 1, Creado: d.Creado}, d)
	d, err = a.CambiarPalabras(ctx, "Mío", []string{"AAA"}, []string{"CASA"})
	require.NoError(t, err)
	require.Equal(t, 2, d.Version, "nada cambió")
	d, err = a.CambiarPalabras(ctx, "Mío", []string{"CASA"}, []string{"ZZZ"})
	require.NoError(t, err)
	require.Equal(t, 3, d.Version)
	require.Equal(t, 2, d.Agregadas, "AAA y CASA")
	require.Equal(t, 1, d.Quitadas, "ZZZ")
	cs, err := a.Cambios(ctx, "Mío", 2)
	require.NoError(t, err)
	require.Equal(t, []almacen.CambioPalabra{{Palabra: "AAA", Agregada: true, Version: 2}, {Palabra: "CASA", Version: 2}, {Palabra: "ZZZ", Agregada: true, Version: 2}}, cs)
	cs, err = a.Cambios(ctx, "Mío", 3)
	require.NoError(t, err)
	require.Len(t, cs, 5)
	require.Equal(t, almacen.CambioPalabra{Palabra: "ZZZ", Agregada: false, Version: 3}, cs[4])
	_, err = a.Cambios(ctx, "Mío", 4)
	require.ErrorIs(t, err, almacen.ErrDiccionarioInexistente)
	_, err = a.Cambios(ctx, "Mío", 0)
	require.ErrorIs(t, err, almacen.ErrDiccionarioInexistente)
	_, err = a.CambiarPalabras(ctx, "nada", []string{"A"}, nil)
	require.ErrorIs(t, err, almacen.ErrDiccionarioInexistente)

	// Dos cambios a la vez: cada uno su versión.
	var wg sync.WaitGroup
	for i := range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			_, err := a.CambiarPalabras(ctx, "Mío", []string{fmt.Sprintf("NUEVA%c", 'A'+i)}, nil)
			require.NoError(t, err)
		}()
	}
	wg.Wait()
	d, err = a.Diccionario(ctx, "MÍO")
	if err == nil { // "Í" no es ASCII: sin distinguir mayúsculas solo en ASCII, como SQLite
		require.Equal(t, "Mío", d.Nombre)
	}
	d, err = a.Diccionario(ctx, "mío")
	require.NoError(t, err)
	require.Equal(t, 7, d.Version)
	require.Equal(t, 6, d.Agregadas)

	_, err = a.CrearDiccionario(ctx, almacen.Diccionario{Nombre: "aaa", Idioma: "en", Base: "en"})
	require.NoError(t, err)
	todos, err := a.Diccionarios(ctx)
	require.NoError(t, err)
	require.Len(t, todos, 3)
	require.Equal(t, []string{"aaa", "fise", "Mío"}, []string{todos[0].Nombre, todos[1].Nombre, todos[2].Nombre})
	require.NoError(t, a.BorrarDiccionario(ctx, "AAA"))
	require.ErrorIs(t, a.BorrarDiccionario(ctx, "aaa"), almacen.ErrDiccionarioInexistente)
	require.NoError(t, a.BorrarDiccionario(ctx, "Mío"))
	_, err = a.Cambios(ctx, "Mío", 1)
	require.ErrorIs(t, err, almacen.ErrDiccionarioInexistente)
	_, err = a.CrearDiccionario(ctx, almacen.Diccionario{Nombre: "Mío", Idioma: "es", Base: "es-clasica"})
	require.NoError(t, err, "se puede volver a crear")
	cs, err = a.Cambios(ctx, "Mío", 1)
	require.NoError(t, err)
	require.Empty(t, cs, "sin los cambios del borrado")
}

// Muchas gorutinas juegan partidas a la vez, y leen la clasificación
// mientras tanto.
func clasificacionConcurrencia(t *testing.T, nueva Nueva) {
	ctx := context.Background()
	a, c, _ := abrir(t, nueva)
	const partidas = 4
	var wg sync.WaitGroup
	errs := make(chan error, partidas)
	for i := range partidas {
		x, err := a.CrearJugador(ctx, fmt.Sprintf("x%d", i), "es")
		require.NoError(t, err)
		y, err := a.CrearJugador(ctx, fmt.Sprintf("y%d", i), "es")
		require.NoError(t, err)
		wg.Add(1)
		go func() {
			defer wg.Done()
			m, err := almacen.Empezar(ctx, a, c, almacen.NuevaPartida{Diccionario: "fise", Semilla: uint64(i),
				Asientos: []almacen.Asiento{{Jugador: x.ID}, {Jugador: y.ID}}})
			if err != nil {
				errs <- err
				return
			}
			bs := bots(t, m, bot.Avanzado)
			for JugarBot(t, ctx, m, bs[m.Turno()]) {
				if _, err := a.Clasificacion(ctx, clasificacion.PorRating, 10); err != nil {
					errs <- err
					return
				}
			}
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		require.NoError(t, err)
	}
	filas, err := a.Clasificacion(ctx, clasificacion.PorTotal, 0)
	require.NoError(t, err)
	require.Len(t, filas, 2*partidas)
	lista, err := a.Partidas(ctx, almacen.Filtro{Estado: almacen.Terminada})
	require.NoError(t, err)
	require.Len(t, lista, partidas)
}

// La clasificación por cada criterio está en el orden de
// clasificacion.Criterio.Comparar, con el límite pedido, sin los jugadores
// sin partidas; la lee también otro almacén sobre los mismos datos (su
// caché se entera de las partidas que terminan en el primero).
func clasificacionCriterios(t *testing.T, nueva Nueva) {
	ctx := context.Background()
	a, _, otro := abrir(t, nueva)
	b := otro(t)
	_, err := a.Clasificacion(ctx, clasificacion.Criterio(99), 0)
	require.ErrorIs(t, err, clasificacion.ErrCriterioInvalido)
	filas, err := b.Clasificacion(ctx, clasificacion.PorRating, 0)
	require.NoError(t, err)
	require.Empty(t, filas)
	pase := almacen.Movimiento{Tipo: juego.SucesoPase}
	for i, pts := range [][]int{{300, 200}, {150, 400}, {250, 250}, {90, 10}} {
		p := partidaDePases(t, a, fmt.Sprintf("c%d", i))
		require.NoError(t, a.AgregarMovimiento(ctx, p.ID, 0, pase, &almacen.Resultado{Puntajes: pts}))
	}
	_, err = a.CrearJugador(ctx, "sin partidas", "es")
	require.NoError(t, err)
	for c := range clasificacion.Criterio(5) {
		filas, err := b.Clasificacion(ctx, c, 0)
		require.NoError(t, err)
		require.Len(t, filas, 8, "criterio %d", c)
		for i := 1; i < len(filas); i++ {
			require.LessOrEqual(t, c.Comparar(filas[i-1], filas[i]), 0, "criterio %d, fila %d", c, i)
		}
		tres, err := a.Clasificacion(ctx, c, 3)
		require.NoError(t, err)
		require.Equal(t, filas[:3], tres, "criterio %d", c)
	}
}
