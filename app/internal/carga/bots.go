package carga

import (
	"context"
	"fmt"
	"strconv"
	"sync"
	"time"

	"github.com/juegodepalabras/palabras/app/internal/almacen"
	"github.com/juegodepalabras/palabras/app/internal/almacen/abrir"
	"github.com/juegodepalabras/palabras/app/internal/bus"
	"github.com/juegodepalabras/palabras/app/internal/trabajador"
)

// rondaBots juega op.PartidasBot partidas entre dos bots de op.NivelBot
// con trabs trabajadores (GOMAXPROCS=1 cada uno). Las partidas se guardan
// directamente en el almacén y este proceso encarga cada jugada a la cola
// cuando se entera (por NATS) de la anterior: ningún proceso web entre
// medio. Devuelve las jugadas guardadas por segundo, del primer encargo al
// último anuncio; con op.VentanaBots, las anunciadas en esa ventana (desde
// el primer anuncio), sin esperar a que terminen las partidas.
func rondaBots(ctx context.Context, op Opciones, trabs int) (FilaBots, error) {
	f := FilaBots{Trabajadores: trabs, Partidas: op.PartidasBot}
	e, err := nuevoEntorno(ctx, op)
	if err != nil {
		return f, err
	}
	defer e.Cerrar()
	a, err := abrir.Abrir(ctx, e.db)
	if err != nil {
		return f, err
	}
	defer a.Close()
	bases, err := trabajador.Bases("")
	if err != nil {
		return f, err
	}
	cat := almacen.NuevoCatalogo(a, bases...)
	if _, err := cat.Asegurar(ctx, "es-clasica", "es-clasica"); err != nil {
		return f, err
	}
	var asientos []almacen.Asiento
	for _, nombre := range []string{"Bot A", "Bot B"} {
		j, err := a.CrearJugador(ctx, nombre, "es")
		if err != nil {
			return f, err
		}
		asientos = append(asientos, almacen.Asiento{Jugador: j.ID, Nivel: op.NivelBot})
	}
	ids := make([]int64, op.PartidasBot)
	for i := range ids {
		m, err := almacen.Empezar(ctx, a, cat, almacen.NuevaPartida{Nombre: "carga", Diccionario: "es-clasica", Semilla: uint64(i + 1),
			Asientos: asientos})
		if err != nil {
			return f, err
		}
		ids[i] = m.ID()
	}
	for range trabs {
		if _, err := e.arrancar(ctx, "trabajador", "GOMAXPROCS=1", varN+"="+strconv.Itoa(op.JugadasATiempo)); err != nil {
			return f, err
		}
	}
	b, err := bus.Conectar(e.nats, "carga")
	if err != nil {
		return f, err
	}
	defer b.Cerrar()

	// Lo que se sabe de cada partida: sus movimientos guardados.
	var mu sync.Mutex
	vistos := make(map[int64]int, len(ids))
	var ultimo time.Time
	hechas := 0 // jugadas anunciadas
	hay := make(chan struct{}, 1)
	encargar := func(id int64, n int, nov *bus.Novedad) {
		tr := bus.Trabajo{Partida: id, N: n, Asiento: n % 2, Nivel: op.NivelBot}
		if nov != nil && len(nov.Movs) > 0 { // lo último viaja con el encargo, como desde un proceso web
			tr.Desde, tr.Movs, tr.Ultima = nov.Desde, nov.Movs, time.Now().UnixNano()
		}
		if err := b.Encargar(ctx, tr, 0); err != nil && ctx.Err() == nil {
			fmt.Fprintf(op.Progreso, "carga: encargando la jugada %d de la partida %d: %v\n", n, id, err)
		}
	}
	sub, err := b.Novedades(func(nov bus.Novedad) {
		mu.Lock()
		antes, ok := vistos[nov.Partida]
		nueva := ok && nov.N > antes
		if nueva {
			hechas += nov.N - antes
			vistos[nov.Partida] = nov.N
			ultimo = time.Now()
		}
		mu.Unlock()
		if nueva {
			select {
			case hay <- struct{}{}:
			default:
			}
			go encargar(nov.Partida, nov.N, &nov)
		}
	})
	if err != nil {
		return f, err
	}
	defer sub.Unsubscribe()
	ctx, cancelar := context.WithTimeout(ctx, op.Plazo)
	defer cancelar()
	inicio, cpu0 := time.Now(), e.cpuHijos("trabajador")
	mu.Lock()
	for _, id := range ids {
		vistos[id] = 0
	}
	mu.Unlock()
	for _, id := range ids {
		encargar(id, 0, nil)
	}
	// Termina cuando todas las partidas están quietas: nadie anuncia nada
	// en 2 s ni en 5 veces el mayor intervalo visto entre dos anuncios (el
	// trabajo de una partida terminada se descarta sin anuncio).
	if op.VentanaBots > 0 {
		// Las jugadas anunciadas en la ventana, contada desde el primer
		// anuncio (sin esperar a que terminen las partidas).
		select {
		case <-ctx.Done():
			return f, ctx.Err()
		case <-hay:
		}
		mu.Lock()
		desde, n0 := time.Now(), hechas
		mu.Unlock()
		cpu0 = e.cpuHijos("trabajador")
		select {
		case <-ctx.Done():
			return f, ctx.Err()
		case <-time.After(op.VentanaBots):
		}
		mu.Lock()
		f.Jugadas, f.Duracion = hechas-n0, time.Since(desde)
		mu.Unlock()
		f.CPU = e.cpuHijos("trabajador") - cpu0
		return f, nil
	}
	antes, mayor, primero := inicio, time.Duration(0), true
	for {
		espera := max(2*time.Second, 5*mayor)
		if primero { // el primer anuncio puede tardar lo que tarda el bot en pensar
			espera = op.Plazo
		}
		select {
		case <-ctx.Done():
			return f, ctx.Err()
		case <-hay:
			ahora := time.Now()
			if d := ahora.Sub(antes); d > mayor && !primero {
				mayor = d
			}
			antes, primero = ahora, false
			continue
		case <-time.After(espera):
		}
		break
	}
	// La CPU de los trabajadores hasta ahora: después del último anuncio
	// están quietos (esperan trabajos), casi no suman.
	f.CPU = e.cpuHijos("trabajador") - cpu0
	mu.Lock()
	f.Duracion = ultimo.Sub(inicio)
	mu.Unlock()
	for _, id := range ids {
		p, err := a.Partida(ctx, id)
		if err != nil {
			return f, err
		}
		if p.Estado != almacen.Terminada {
			return f, fmt.Errorf("carga: la partida %d no terminó (%d movimientos); los trabajadores dijeron: %s", id, len(p.Movimientos), e.salidas())
		}
		f.Jugadas += len(p.Movimientos)
	}
	return f, nil
}
